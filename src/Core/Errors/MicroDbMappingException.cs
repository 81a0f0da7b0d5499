namespace MicroDb;

/// <summary>A mapped type breaks a model rule (unsupported member type, several keys, a bad auto-increment...). The message names the type and member.</summary>
public sealed class MicroDbMappingException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What is wrong, naming the type and member.</param>
    public MicroDbMappingException(string message)
        : base(message)
    {
    }
}
