using System;

// Look-alikes of the sqlite-net attributes this case uses (matched by full name).
namespace SQLite
{
    [AttributeUsage(AttributeTargets.Class)]
    public sealed class TableAttribute : Attribute
    {
        public TableAttribute(string name) => Name = name;

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
}

// sqlite-net accepts every model here; MicroDb cannot generate a map for Token and Draft, so each gets a warning
// (MDB0011) and falls back to reflection: no build error.
namespace App
{
    using SQLite;

    // sqlite-net fills an [AutoIncrement] Guid key itself; MicroDb's rule wants an integer (MDB0003).
    [Table("tokens")]
    public class Token
    {
        [PrimaryKey, AutoIncrement]
        public Guid Id { get; set; }

        public string? Value { get; set; }
    }

    public class Screen
    {
        // Generated code cannot name a private nested type (MDB0005).
        [Table("drafts")]
        private class Draft
        {
            [PrimaryKey]
            public int Id { get; set; }
        }
    }

    // [Table] on an abstract base: no model, no warning. The concrete class, found where it is used, inherits the name.
    [Table("animals")]
    public abstract class Animal
    {
        [PrimaryKey]
        public int Id { get; set; }
    }

    public class Dog : Animal
    {
        public string? Name { get; set; }
    }

    public static class Kennel
    {
        public static void Run(MicroDb.MicroDbConnection db) => db.Table<Dog>();
    }

    // The same broken key under MicroDb's own [Table] stays an error: MicroDb was asked to map it.
    [MicroDb.Table("strict")]
    public class Strict
    {
        [MicroDb.PrimaryKey, MicroDb.AutoIncrement]
        public Guid Id { get; set; }
    }
}
