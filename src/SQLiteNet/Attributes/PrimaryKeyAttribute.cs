namespace SQLite;

/// <summary>Marks the property that holds the table's primary key.</summary>
[AttributeUsage(AttributeTargets.Property)]
public class PrimaryKeyAttribute : Attribute
{
}
