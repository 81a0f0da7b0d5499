namespace MicroDb;

/// <summary>
/// <see cref="MicroDbSerializer"/> cannot read a stream: it is foreign, of an unsupported version, written for another
/// shape, truncated or corrupt (see <see cref="Error"/>). Nothing read before the failure is returned.
/// </summary>
public sealed class MicroDbSerializationException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What went wrong, naming the type being read.</param>
    /// <param name="error">Why the stream was refused.</param>
    /// <param name="entityType">The type being read.</param>
    /// <param name="entitiesRead">How many entities were read completely before the failure.</param>
    /// <param name="entitiesExpected">How many entities the stream's header announced, or null when the header itself could not be read.</param>
    /// <param name="innerException">The underlying error (for example an <see cref="EndOfStreamException"/>), if any.</param>
    public MicroDbSerializationException(string message, MicroDbSerializationError error, Type entityType, int entitiesRead = 0, int? entitiesExpected = null, Exception? innerException = null)
        : base(message, innerException)
    {
        ArgumentNullException.ThrowIfNull(entityType);
        Error = error;
        EntityType = entityType;
        EntitiesRead = entitiesRead;
        EntitiesExpected = entitiesExpected;
    }

    /// <summary>Why the stream was refused.</summary>
    public MicroDbSerializationError Error { get; }

    /// <summary>The type being read.</summary>
    public Type EntityType { get; }

    /// <summary>How many entities were read completely before the failure (0 for a header error).</summary>
    public int EntitiesRead { get; }

    /// <summary>How many entities the stream's header announced, or null when the header itself could not be read.</summary>
    public int? EntitiesExpected { get; }
}
