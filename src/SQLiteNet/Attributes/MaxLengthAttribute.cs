namespace SQLite;

/// <summary>Declares a string column as <c>varchar(n)</c>. As in sqlite-net, SQLite does not enforce the length.</summary>
[AttributeUsage(AttributeTargets.Property)]
public class MaxLengthAttribute : Attribute
{
    /// <summary>Declares the maximum length <paramref name="length"/>.</summary>
    /// <param name="length">The length in the declared type.</param>
    public MaxLengthAttribute(int length)
    {
        Value = length;
    }

    /// <summary>The declared maximum length.</summary>
    public int Value { get; private set; }
}
