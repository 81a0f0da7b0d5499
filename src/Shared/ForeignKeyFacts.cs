// Shared source (see src/Shared/README.md): a column's foreign key ([References]), as plain data both mapping paths
// resolve (the target's table and column) and the shared SQL text writes.
using System.Collections.Generic;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// A resolved <c>[References]</c>: the parent table and column, and the actions as <c>ForeignKeyAction</c> values
/// (0 no action, 1 restrict, 2 set null, 3 set default, 4 cascade).
/// </summary>
internal sealed record ForeignKeyFacts(string Table, string Column, int OnDelete, int OnUpdate)
{
    /// <summary>The clause of a column definition: <c>REFERENCES "customers" ("Id") ON DELETE CASCADE</c> (an action only when not NO ACTION).</summary>
    public string Clause()
    {
        var text = "REFERENCES " + CrudSqlText.Quote(Table) + " (" + CrudSqlText.Quote(Column) + ")";
        if (OnDelete != 0)
        {
            text += " ON DELETE " + ActionSql(OnDelete);
        }

        if (OnUpdate != 0)
        {
            text += " ON UPDATE " + ActionSql(OnUpdate);
        }

        return text;
    }

    /// <summary>The SQL of a <c>ForeignKeyAction</c> value.</summary>
    public static string ActionSql(int action) => action switch
    {
        1 => "RESTRICT",
        2 => "SET NULL",
        3 => "SET DEFAULT",
        4 => "CASCADE",
        _ => "NO ACTION",
    };

    /// <summary>
    /// Resolves a <c>[References]</c> on member <paramref name="member"/> of <paramref name="type"/>: the referenced
    /// column is <paramref name="column"/> when given (it must be one of the target's columns), else the target's
    /// single-column primary key. Null with <paramref name="violation"/> (MDB0015) when that does not exist.
    /// </summary>
    /// <param name="columnIndex">The member's column index, for the violation.</param>
    /// <param name="member">The member carrying [References].</param>
    /// <param name="type">The model's display name.</param>
    /// <param name="targetType">The referenced type's display name.</param>
    /// <param name="targetTable">The referenced type's table name.</param>
    /// <param name="targetColumns">The referenced type's column names.</param>
    /// <param name="targetKeys">The referenced type's primary key column names.</param>
    /// <param name="column">[References(Column = ...)], or null.</param>
    /// <param name="onDelete">The ON DELETE action.</param>
    /// <param name="onUpdate">The ON UPDATE action.</param>
    /// <param name="violation">The broken rule, when null is returned.</param>
    public static ForeignKeyFacts? Resolve(int columnIndex, string member, string type, string targetType, string targetTable, IReadOnlyList<string> targetColumns, IReadOnlyList<string> targetKeys, string? column, int onDelete, int onUpdate, out RuleViolation? violation)
    {
        violation = null;
        if (column is not null)
        {
            foreach (var name in targetColumns)
            {
                if (string.Equals(name, column, System.StringComparison.OrdinalIgnoreCase))
                {
                    return new ForeignKeyFacts(targetTable, name, onDelete, onUpdate);
                }
            }

            violation = new RuleViolation(ModelRules.InvalidForeignKey, columnIndex, member, type, targetType, ModelRules.Reasons.NoSuchTargetColumn(column));
            return null;
        }

        if (targetKeys.Count != 1)
        {
            violation = new RuleViolation(ModelRules.InvalidForeignKey, columnIndex, member, type, targetType, targetKeys.Count == 0 ? ModelRules.Reasons.TargetHasNoKey : ModelRules.Reasons.TargetHasCompositeKey);
            return null;
        }

        return new ForeignKeyFacts(targetTable, targetKeys[0], onDelete, onUpdate);
    }
}
