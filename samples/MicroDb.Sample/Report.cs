using System.Diagnostics;

namespace MicroDb.Sample;

/// <summary>Collects what the sample did and how long each step took.</summary>
internal sealed class Report
{
    private readonly List<string> _lines = [];

    public void Time(string what, Action action)
    {
        var watch = Stopwatch.StartNew();
        action();
        _lines.Add($"{watch.Elapsed.TotalMilliseconds,9:F2} ms  {what}");
    }

    public void Line(string text) => _lines.Add("             " + text);

    public void Print()
    {
        Console.WriteLine("MicroDb sample (" + (System.Runtime.JitInfo.GetCompiledMethodCount() > 0 ? "JIT" : "NativeAOT") + ", SQLite " + MicroDbConnection.SqliteVersion + ")");
        foreach (var line in _lines)
        {
            Console.WriteLine(line);
        }
    }
}
