using System.Diagnostics.CodeAnalysis;

namespace MicroDb;

/// <summary>
/// Makes the member's column a foreign key to another mapped type's table: <c>REFERENCES "customers" ("Id")</c> in
/// CREATE TABLE, with the <see cref="OnDelete"/> and <see cref="OnUpdate"/> actions. The referenced column is
/// <see cref="Column"/> when given, else the parent's single-column primary key (otherwise MDB0015). MicroDb turns
/// foreign keys on by default (<c>MicroDbOptions.ForeignKeys</c>), so SQLite enforces them.
/// </summary>
[AttributeUsage(AttributeTargets.Property, AllowMultiple = false, Inherited = true)]
public sealed class ReferencesAttribute : Attribute
{
    /// <summary>References <paramref name="table"/>'s primary key (or <see cref="Column"/>).</summary>
    /// <param name="table">The parent model type.</param>
    public ReferencesAttribute([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)] Type table) => Table = table;

    /// <summary>The parent model type.</summary>
    [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)]
    public Type Table { get; }

    /// <summary>The parent's column this one references; null: the parent's primary key. It should be the key or a unique column (SQLite's rule).</summary>
    public string? Column { get; set; }

    /// <summary>What deleting the parent row does to this row (default: <see cref="ForeignKeyAction.NoAction"/>: the delete fails while this row refers to it).</summary>
    public ForeignKeyAction OnDelete { get; set; }

    /// <summary>What changing the parent's referenced value does to this row (default: <see cref="ForeignKeyAction.NoAction"/>).</summary>
    public ForeignKeyAction OnUpdate { get; set; }
}
