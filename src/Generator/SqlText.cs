using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;

namespace MicroDb.Generator;

/// <summary>
/// The generator's entry to the shared column facts (src/Shared/ColumnFacts.cs). Maps carry their columns, not SQL
/// text: the runtime builds every statement from them with the shared CrudSqlText, for generated and reflection maps alike.
/// </summary>
internal static class SqlText
{
    public static ColumnFacts[] Facts(EntityModel model) => model.Columns
        .Select(c => new ColumnFacts(c.ColumnName, c.MemberName, c.Kind, c.ClrTypeName, c.IsPrimaryKey, c.IsAutoIncrement, c.IsNotNull, c.MaxLength, c.Collation, c.RenamedFrom, c.KeyOrder, c.References))
        .ToArray();
}
