using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// One column's value of the row being copied, kept typed until it is written to the <see cref="NpgsqlBinaryImporter"/>
/// (synchronously or asynchronously). One per column for a whole bulk load, so rows after the first allocate nothing here.
/// </summary>
internal abstract class CopyValue
{
    /// <summary>True when the column is NULL in the current row.</summary>
    public bool IsNull { get; set; }

    /// <summary>Writes the value (or NULL) as the next column of the current row.</summary>
    public abstract void Write(NpgsqlBinaryImporter importer);

    /// <summary>Writes the value (or NULL) as the next column of the current row.</summary>
    public abstract Task WriteAsync(NpgsqlBinaryImporter importer, CancellationToken cancellationToken);
}

/// <summary>A column's value of the current row in its stored type, with the PostgreSQL type it is written as.</summary>
/// <typeparam name="TStored">The stored type.</typeparam>
internal sealed class CopyValue<TStored> : CopyValue
{
    public TStored Value { get; set; } = default!;

    public NpgsqlDbType Type { get; set; }

    public override void Write(NpgsqlBinaryImporter importer)
    {
        if (IsNull)
        {
            importer.WriteNull();
        }
        else
        {
            importer.Write(Value, Type);
        }
    }

    public override Task WriteAsync(NpgsqlBinaryImporter importer, CancellationToken cancellationToken) =>
        IsNull ? importer.WriteNullAsync(cancellationToken) : importer.WriteAsync(Value, Type, cancellationToken);
}
