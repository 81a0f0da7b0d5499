using MicroDb.Benchmarks.Models;

namespace MicroDb.Benchmarks.Crud;

/// <summary>The testbench's inputs for one N: GUID texts to insert and update, random keys to read, a shuffled delete order.</summary>
public sealed class CrudData
{
    /// <summary>Builds the inputs (fixed seed).</summary>
    /// <param name="n">Rows per phase.</param>
    public CrudData(int n)
    {
        var random = new Random(1);
        Inserts = Enumerable.Range(0, n).Select(_ => new TestRow { TextData = Guid.NewGuid().ToString() }).ToArray();
        Updates = Enumerable.Range(1, n).Select(i => new TestRow { Id = i, TextData = Guid.NewGuid().ToString() }).ToArray();
        ReadKeys = Enumerable.Range(0, n).Select(_ => (long)random.Next(1, n + 1)).ToArray();
        DeleteKeys = Enumerable.Range(1, n).Select(i => (long)i).OrderBy(_ => random.Next()).ToArray();
        Seed = Enumerable.Range(1, n).Select(i => Guid.NewGuid().ToString()).ToArray();
    }

    /// <summary>Rows to insert (their Id is written back).</summary>
    public TestRow[] Inserts { get; }

    /// <summary>Rows 1..N with new text.</summary>
    public TestRow[] Updates { get; }

    /// <summary>Random keys in 1..N.</summary>
    public long[] ReadKeys { get; }

    /// <summary>1..N shuffled.</summary>
    public long[] DeleteKeys { get; }

    /// <summary>Texts of the N rows a filled table starts with.</summary>
    public string[] Seed { get; }
}
