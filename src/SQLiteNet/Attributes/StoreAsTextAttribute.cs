namespace SQLite;

/// <summary>Put on an enum type: its values are stored as their member names rather than numbers.</summary>
[AttributeUsage(AttributeTargets.Enum)]
public class StoreAsTextAttribute : Attribute
{
}
