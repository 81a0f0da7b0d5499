using MicroDb.Native;

namespace MicroDb.Mapping;

/// <summary>The type-erased view of an <see cref="EntityMap{T}"/>, for APIs that take <c>object</c>.</summary>
public interface IEntityMap
{
    /// <summary>The mapped CLR type.</summary>
    Type EntityType { get; }

    /// <summary>The table metadata.</summary>
    TableMapping Table { get; }

    /// <summary>The CRUD SQL.</summary>
    EntitySql Sql { get; }

    /// <summary>True for a map emitted by the source generator, false for one built by reflection.</summary>
    bool IsGenerated { get; }

    /// <summary>Reads a member's value, boxed (diagnostics, tests and other cold paths).</summary>
    /// <param name="entity">The entity.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    object? GetValue(object entity, int columnIndex);

    /// <summary>Binds a member's value to a parameter.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="parameterIndex">1-based parameter index.</param>
    /// <param name="entity">The entity.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    void BindColumn(SqliteStatement statement, int parameterIndex, object entity, int columnIndex);

    /// <summary>Binds <paramref name="columns"/>[i] to parameter <c>i + 1</c>, reading the entity once.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    /// <param name="columns">The columns bound, in parameter order.</param>
    void BindColumns(SqliteStatement statement, object entity, IReadOnlyList<ColumnMapping> columns);

    /// <summary>Reads a row into a new entity.</summary>
    /// <param name="statement">The statement positioned on a row.</param>
    /// <param name="ordinals">For each column of the table, its ordinal in the statement, or -1.</param>
    object ReadObject(SqliteStatement statement, int[] ordinals);

    /// <summary>Writes an auto-incremented key back to the entity.</summary>
    /// <param name="entity">The entity.</param>
    /// <param name="key">The new row id.</param>
    void SetGeneratedKey(object entity, long key);
}
