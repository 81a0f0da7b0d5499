namespace MicroDb.Generator.Model;

/// <summary>How generated code writes a member's value into an entity.</summary>
internal enum WriteAccess
{
    /// <summary>An accessible setter: <c>e.Prop = value</c>.</summary>
    Setter,

    /// <summary>A setter the generated code cannot see: an <c>[UnsafeAccessor]</c> calls <c>set_Prop</c>.</summary>
    UnsafeSetter,

    /// <summary>An init-only (or required) member: set in the object initializer at construction.</summary>
    Initializer,

    /// <summary>Set only through the constructor parameter of the same name.</summary>
    Constructor,
}
