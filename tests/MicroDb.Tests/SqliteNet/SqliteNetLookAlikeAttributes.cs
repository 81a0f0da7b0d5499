// Look-alikes of sqlite-net's attributes, declared here in namespace SQLite with sqlite-net-pcl's names and
// constructor shapes. Both mapping paths match attributes by full name, so these stand in for sqlite-net-pcl's and
// for the MicroDb.SQLiteNet compatibility package's copies alike.
namespace SQLite;

[AttributeUsage(AttributeTargets.Class)]
public sealed class TableAttribute : Attribute
{
    public TableAttribute(string name) => Name = name;

    public string Name { get; set; }

    public bool WithoutRowId { get; set; }
}

[AttributeUsage(AttributeTargets.Property)]
public class ColumnAttribute : Attribute
{
    public ColumnAttribute(string name) => Name = name;

    public string Name { get; set; }
}

[AttributeUsage(AttributeTargets.Property)]
public class PrimaryKeyAttribute : Attribute
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
public class IgnoreAttribute : Attribute
{
}

[AttributeUsage(AttributeTargets.Property)]
public class MaxLengthAttribute : Attribute
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
public class NotNullAttribute : Attribute
{
}

[AttributeUsage(AttributeTargets.Property | AttributeTargets.Enum)]
public sealed class StoreAsTextAttribute : Attribute
{
}
