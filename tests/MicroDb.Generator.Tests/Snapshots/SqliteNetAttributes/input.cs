using System;

// Look-alikes of sqlite-net's attributes with sqlite-net-pcl's names and constructor shapes: the generator matches
// them by full name.
namespace SQLite
{
    [AttributeUsage(AttributeTargets.Class)]
    public sealed class TableAttribute : Attribute
    {
        public TableAttribute(string name) => Name = name;

        public string Name { get; set; }

        public bool WithoutRowId { get; set; }
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class ColumnAttribute : Attribute
    {
        public ColumnAttribute(string name) => Name = name;

        public string Name { get; set; }
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class PrimaryKeyAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class AutoIncrementAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Property, AllowMultiple = true)]
    public class IndexedAttribute : Attribute
    {
        public IndexedAttribute()
        {
        }

        public IndexedAttribute(string name, int order)
        {
            Name = name;
            Order = order;
        }

        public string? Name { get; set; }

        public int Order { get; set; }

        public virtual bool Unique { get; set; }
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class UniqueAttribute : IndexedAttribute
    {
        public override bool Unique
        {
            get => true;
            set { }
        }
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class IgnoreAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class MaxLengthAttribute : Attribute
    {
        public MaxLengthAttribute(int length) => Value = length;

        public int Value { get; }
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class CollationAttribute : Attribute
    {
        public CollationAttribute(string collation) => Value = collation;

        public string Value { get; }
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class NotNullAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Enum)]
    public sealed class StoreAsTextAttribute : Attribute
    {
    }
}

// A sqlite-net app's models: sqlite-net's attributes (declared above, as sqlite-net-pcl or the compatibility package
// declares them) are read exactly as MicroDb's.
namespace App
{
    using SQLite;

    public enum Mood
    {
        Calm,
        Cross,
    }

    [Table("items")]
    public class Item
    {
        [PrimaryKey, AutoIncrement]
        public int Id { get; set; }

        [Column("item_name"), MaxLength(40), NotNull, Collation("NOCASE"), Indexed]
        public string Name { get; set; } = "";

        [Unique]
        public string? Code { get; set; }

        [Indexed("ix_pair", 2)]
        public int Second { get; set; }

        [Indexed(Name = "ix_pair", Order = 1, Unique = true)]
        public int First { get; set; }

        [StoreAsText]
        public Mood Mood { get; set; }

        [Ignore]
        public string Scratch { get; set; } = "";

        // sqlite-net maps only properties with a public getter and setter: no column, no error.
        public string Shout => Name.ToUpperInvariant();

        public int ReadOnlyCount { get; } = 3;
    }

    // No primary key: sqlite-net accepts it, so does MicroDb.
    [Table("log")]
    public class LogLine
    {
        public string? Text { get; set; }
    }

    [Table("kv", WithoutRowId = true)]
    public class Setting
    {
        [PrimaryKey]
        public string Key { get; set; } = "";

        public string? Value { get; set; }
    }

    // Both [Table]s: one map.
    [Table("both"), MicroDb.Table("both")]
    public class Both
    {
        [PrimaryKey]
        public int Id { get; set; }
    }
}
