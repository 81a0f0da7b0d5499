namespace MicroDb;

/// <summary>
/// SQLite cannot be reached: no SQLitePCLRaw provider is set up (MicroDb.Core without a bundle), or the provider's
/// native library does not load. The message says which package to reference or which call to make.
/// </summary>
public sealed class MicroDbProviderException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What is missing and how to provide it.</param>
    /// <param name="innerException">The loader's exception, when a native library failed to load.</param>
    public MicroDbProviderException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }
}
