using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql.Query;

/// <summary>
/// How <see cref="PostgresTranslator"/> made one parameter from a value: compared with <see cref="Column"/> (in that
/// column's encoding), or a value of <see cref="Type"/> outside a column comparison. The translation cache makes the
/// parameter of a later run's value the same way.
/// </summary>
internal readonly record struct PostgresParameterRecipe(object? Value, ColumnMapping? Column, Type? Type)
{
    /// <summary>A new parameter holding <paramref name="value"/> (a parameter belongs to one command, so each run gets its own).</summary>
    public NpgsqlParameter Create(object? value)
    {
        if (Column is { } column)
        {
            // Text for a text column, so that strpos/starts_with/right resolve (an untyped string is 'unknown' to PostgreSQL).
            return column.Kind is ColumnKind.String or ColumnKind.Uri or ColumnKind.StringBuilder && value is string text
                ? new NpgsqlParameter<string> { TypedValue = text, NpgsqlDbType = NpgsqlTypes.NpgsqlDbType.Text }
                : PostgresValues.Argument(value);
        }

        return value is null
            ? new NpgsqlParameter { Value = DBNull.Value, NpgsqlDbType = PostgresValues.DbType(PostgresTranslator.KindOf(Type!)) }
            : PostgresValues.Argument(value);
    }
}
