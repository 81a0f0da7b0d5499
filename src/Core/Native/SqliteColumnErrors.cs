using MicroDb.Mapping;

namespace MicroDb.Native;

/// <summary>The errors of <see cref="SqliteColumnWriter"/> and <see cref="SqliteColumnReader"/>, worded once.</summary>
internal static class SqliteColumnErrors
{
    public static NotSupportedException EnumText(ColumnMapping column) => new(
        $"Column '{column.Name}' ({column.MemberName}) stores an enum by name ([StoreAsText]). The typed column contract "
        + "carries enums as their Int64 value, so SQLite's typed column writer and reader cannot bind or parse the name; "
        + "bind and read it through the map (BindInsert, Read).");

    public static NotSupportedException UnsupportedType(ColumnMapping column, Type type) => new(
        $"Column '{column.Name}' ({column.MemberName}, {column.Kind}) was given a value of type '{type}', which SQLite's "
        + "typed column contract does not bind or read (a map hands each column as its member's type, enums as Int64).");
}
