namespace MicroDb.Conformance.Models;

/// <summary>A WITHOUT ROWID table whose composite key's order differs from the members' order (UserId first).</summary>
[Table("memberships", WithoutRowId = true)]
public class Membership
{
    [PrimaryKey(Order = 2)]
    public string GroupName { get; set; } = "";

    [PrimaryKey(Order = 1)]
    public Guid UserId { get; set; }

    public DateTime Since { get; set; }

    public string? Role { get; set; }
}
