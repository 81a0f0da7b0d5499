namespace MicroDb.Native;

/// <summary>The errors of <see cref="SqliteColumnWriter"/> and <see cref="SqliteColumnReader"/>, worded once.</summary>
internal static class SqliteColumnErrors
{
    public static NotSupportedException UnsupportedType(int columnIndex, Type type) => new(
        $"Column {columnIndex} was given a value of type '{type}', which SQLite's typed column contract does not bind "
        + "or read (a map hands each column as its member's type, enums as Int64 or, stored by name, as their name).");
}
