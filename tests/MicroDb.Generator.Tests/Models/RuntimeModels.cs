using System.Diagnostics.CodeAnalysis;

namespace MicroDb.Generator.Tests.Models;

// These types are compiled into this test assembly, so the generator (referenced as an analyzer) emits their maps
// at build time; the runtime tests exercise those maps against a real SQLite database. The model with every stored
// type is the shared AllTypes (tests/MicroDb.Conformance/Models/AllTypes, imported through AllTypes.props).

/// <summary>A plain enum stored as its integer value.</summary>
public enum Mood
{
    /// <summary>Calm.</summary>
    Calm,

    /// <summary>Happy.</summary>
    Happy,

    /// <summary>Grumpy.</summary>
    Grumpy = 7,
}

/// <summary>Positional record: constructed through its primary constructor.</summary>
/// <param name="Id">Key.</param>
/// <param name="Label">Label.</param>
/// <param name="X">X.</param>
[Table("points")]
public sealed record Point([property: PrimaryKey] int Id, string Label, double X);

/// <summary>Get-only members set by the constructor, with an auto-incremented key written back through its backing field.</summary>
[Table("tags")]
public sealed class Tag
{
    /// <summary>Creates a tag.</summary>
    /// <param name="id">Key.</param>
    /// <param name="name">Name.</param>
    public Tag(long id, string name)
    {
        Id = id;
        Name = name;
    }

    /// <summary>Key.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; }

    /// <summary>Name.</summary>
    public string Name { get; }

    /// <summary>Settable besides the constructor.</summary>
    public bool Pinned { get; set; }
}

/// <summary>Init-only, required and non-public setters.</summary>
[Table("people")]
public class Person
{
    /// <summary>Key, init-only: written back after insert through an unsafe accessor.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; init; }

    /// <summary>Required.</summary>
    public required string Name { get; set; }

    /// <summary>Init-only.</summary>
    public string? Email { get; init; }

    /// <summary>Private setter.</summary>
    public int Visits { get; private set; }

    /// <summary>Protected setter.</summary>
    public Mood Mood { get; protected set; }

    /// <summary>Bumps <see cref="Visits"/>.</summary>
    public void Visit() => Visits++;

    /// <summary>Sets <see cref="Mood"/>.</summary>
    /// <param name="mood">The mood.</param>
    public void Feel(Mood mood) => Mood = mood;
}

/// <summary>A private-setter key written back through an unsafe accessor.</summary>
[Table("accounts")]
public sealed class Account
{
    /// <summary>Key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; private set; }

    /// <summary>Owner.</summary>
    [NotNull, Collation("NOCASE")]
    public string Owner { get; set; } = "";
}

/// <summary>A type with no MicroDb attributes, requested at assembly level.</summary>
public sealed class ExternalThing
{
    /// <summary>Key (a column named Id is not a key without [PrimaryKey]).</summary>
    public int Id { get; set; }

    /// <summary>Value.</summary>
    public string? Value { get; set; }
}

/// <summary>A required member set by a [SetsRequiredMembers] constructor.</summary>
[Table]
public sealed class Gadget
{
    /// <summary>Creates a gadget.</summary>
    [SetsRequiredMembers]
    public Gadget()
    {
        Code = "none";
    }

    /// <summary>Key.</summary>
    [PrimaryKey]
    public required string Code { get; set; }

    /// <summary>Value.</summary>
    public int Level { get; set; }
}

/// <summary>Only a private parameterless constructor: generated code reaches it through an unsafe accessor.</summary>
[Table("sealed_boxes")]
public sealed class SealedBox
{
    private SealedBox()
    {
    }

    /// <summary>Key.</summary>
    [PrimaryKey]
    public int Id { get; init; }

    /// <summary>Required, set without an object initializer.</summary>
    public required string Label { get; set; }

    /// <summary>Makes a box.</summary>
    /// <param name="id">Key.</param>
    /// <param name="label">Label.</param>
    public static SealedBox Create(int id, string label) => new() { Id = id, Label = label };
}

/// <summary>Inherited members come first, as on the reflection path.</summary>
public abstract class Entity
{
    /// <summary>Key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>Overridden below; the column stands at the derived class's level.</summary>
    public virtual string? Note { get; set; }
}

/// <summary>A derived model.</summary>
[Table("derived_things")]
public sealed class DerivedThing : Entity
{
    /// <summary>Value.</summary>
    public int Value { get; set; }

    /// <summary>Override keeps the base attributes.</summary>
    public override string? Note { get; set; }
}
