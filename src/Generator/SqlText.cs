using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;

namespace MicroDb.Generator;

/// <summary>The generator's entry to the shared SQL text (src/Shared/CrudSqlText.cs): the runtime builds the same strings.</summary>
internal static class SqlText
{
    public static ColumnFacts[] Facts(EntityModel model) => model.Columns
        .Select(c => new ColumnFacts(c.ColumnName, c.MemberName, c.Kind, c.ClrTypeName, c.IsPrimaryKey, c.IsAutoIncrement, c.IsNotNull, c.MaxLength, c.Collation, c.RenamedFrom))
        .ToArray();

    public static string CreateTable(EntityModel model) => CrudSqlText.CreateTable(model.TableName, Facts(model), model.WithoutRowId);

    public static string Insert(EntityModel model) => CrudSqlText.Insert(model.TableName, Facts(model));

    public static string InsertOrReplace(EntityModel model) => CrudSqlText.InsertOrReplace(model.TableName, Facts(model));

    public static string? Update(EntityModel model) => CrudSqlText.Update(model.TableName, Facts(model));

    public static string? Delete(EntityModel model) => CrudSqlText.Delete(model.TableName, Facts(model));

    public static string? SelectByKey(EntityModel model) => CrudSqlText.SelectByKey(model.TableName, Facts(model));

    public static string SelectAll(EntityModel model) => CrudSqlText.SelectAll(model.TableName, Facts(model));
}
