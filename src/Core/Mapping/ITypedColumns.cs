namespace MicroDb.Mapping;

/// <summary>
/// A map that hands its entity's values to any provider typed, without boxing: it calls
/// <see cref="IColumnValueWriter.Write{TValue}"/> once per column and builds an entity from
/// <see cref="IColumnValueReader.Read{TValue}"/>. Generated and reflection maps implement it; the MicroDb.Npgsql package
/// binds and reads through it (docs/postgresql.md, "How values reach Npgsql").
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
public interface ITypedColumns<T>
{
    /// <summary>Writes every column of <paramref name="entity"/>, in column order, to <paramref name="writer"/>.</summary>
    /// <typeparam name="TWriter">The provider's writer (a struct: each call is specialized and direct).</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="writer">The writer.</param>
    void WriteColumns<TWriter>(T entity, ref TWriter writer)
        where TWriter : struct, IColumnValueWriter;

    /// <summary>Builds an entity from the row <paramref name="reader"/> is on.</summary>
    /// <typeparam name="TReader">The provider's reader (a struct).</typeparam>
    /// <param name="reader">The reader.</param>
    /// <returns>The entity.</returns>
    T ReadColumns<TReader>(ref TReader reader)
        where TReader : struct, IColumnValueReader;
}
