namespace SQLite;

/// <summary>Kept for source compatibility with sqlite-net (a linker hint for Xamarin); it has no effect here.</summary>
[AttributeUsage(AttributeTargets.All)]
public sealed class PreserveAttribute : Attribute
{
    /// <summary>Asks to keep every member.</summary>
    public bool AllMembers;

    /// <summary>Asks to keep the member only when its type is kept.</summary>
    public bool Conditional;
}
