namespace MicroDb;

/// <summary>Why <see cref="MicroDbSerializer"/> refused a stream; carried by <see cref="MicroDbSerializationException.Error"/>.</summary>
public enum MicroDbSerializationError
{
    /// <summary>The stream does not start with MicroDb's magic bytes: it was not written by <see cref="MicroDbSerializer"/>.</summary>
    ForeignStream,

    /// <summary>The stream was written in a format version this MicroDb cannot read.</summary>
    UnsupportedVersion,

    /// <summary>The stream was written for another shape (table name, columns, their kinds or nullability) than the type being read.</summary>
    ShapeMismatch,

    /// <summary>The stream ended before the header or the announced number of entities was read.</summary>
    Truncated,

    /// <summary>The stream holds a value that cannot be decoded (a negative count or length, invalid UTF-8, an out-of-range date...).</summary>
    Corrupt,
}
