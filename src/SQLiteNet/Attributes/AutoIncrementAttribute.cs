namespace SQLite;

/// <summary>Lets SQLite assign an integer primary key on insert; the new key is written back to the object.</summary>
[AttributeUsage(AttributeTargets.Property)]
public class AutoIncrementAttribute : Attribute
{
}
