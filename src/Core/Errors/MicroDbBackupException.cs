namespace MicroDb;

/// <summary>
/// A backup or <c>VACUUM INTO</c> could not write its destination: the directory does not exist, the destination is
/// locked by another connection, it already exists (<c>VACUUM INTO</c>), or SQLite failed the copy. The source database
/// is never changed; a destination file the copy created is removed again.
/// </summary>
public sealed class MicroDbBackupException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What went wrong, naming the destination.</param>
    /// <param name="destinationPath">The destination's path, or the destination connection's path.</param>
    /// <param name="resultCode">SQLite's primary result code (for example 5 for SQLITE_BUSY), or 0.</param>
    /// <param name="extendedResultCode">SQLite's extended result code, or 0.</param>
    public MicroDbBackupException(string message, string destinationPath, int resultCode, int extendedResultCode)
        : base(message, resultCode, extendedResultCode, null)
    {
        DestinationPath = destinationPath;
    }

    /// <summary>The destination the copy was writing.</summary>
    public string DestinationPath { get; }
}
