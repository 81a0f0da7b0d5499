namespace MicroDb;

/// <summary>
/// Marks the primary-key member. On one member, it is the table's key (sqlite-net's meaning). On several members, they
/// make one composite key, <c>PRIMARY KEY ("a", "b")</c>, whose columns are ordered by <see cref="Order"/>: each key
/// member needs a distinct order (MDB0002), and no key member can be <c>[AutoIncrement]</c> (MDB0003).
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class PrimaryKeyAttribute : Attribute
{
    /// <summary>The member's place in a composite primary key, lowest first (0 when not given). Ignored for a single key.</summary>
    public int Order { get; set; }
}
