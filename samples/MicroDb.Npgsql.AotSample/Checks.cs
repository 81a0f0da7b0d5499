namespace MicroDb.Npgsql.AotSample;

/// <summary>Prints one line per check and counts the failures (the exit code).</summary>
internal sealed class Checks
{
    public int Passed { get; private set; }

    public int Failed { get; private set; }

    /// <summary>Records that <paramref name="actual"/> equals <paramref name="expected"/>.</summary>
    public void Equal<T>(string what, T expected, T actual)
    {
        if (EqualityComparer<T>.Default.Equals(expected, actual))
        {
            Passed++;
            Console.WriteLine("ok    " + what);
        }
        else
        {
            Failed++;
            Console.WriteLine($"FAIL  {what}: expected {expected}, got {actual}");
        }
    }

    /// <summary>Records that <paramref name="condition"/> holds.</summary>
    public void True(string what, bool condition) => Equal(what, true, condition);
}
