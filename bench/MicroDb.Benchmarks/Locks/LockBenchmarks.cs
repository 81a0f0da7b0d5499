using BenchmarkDotNet.Attributes;

namespace MicroDb.Benchmarks.Locks;

/// <summary>
/// Study 000's lock table: the cost of an uncontended enter/exit around a trivial body, one thread, for each
/// .NET lock type (BCL only). The study's slowest, ReaderWriterLockSlim with recursion, is the baseline, so
/// the study's "factor" is 1 / Ratio. MicroDbConnection serializes calls with <see cref="System.Threading.Lock"/>.
/// </summary>
[MemoryDiagnoser]
public class LockBenchmarks
{
    private const int Calls = 100;
    private readonly object _monitor = new();
    private readonly Lock _lock = new();
    private readonly ReaderWriterLockSlim _rwNoRecursion = new(LockRecursionPolicy.NoRecursion);
    private readonly ReaderWriterLockSlim _rwRecursion = new(LockRecursionPolicy.SupportsRecursion);
    private SpinLock _spin = new(enableThreadOwnerTracking: false);
    private int _flag;
    private long _counter;

    /// <summary>No locking: the body alone.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long NoLock()
    {
        for (var i = 0; i < Calls; i++)
        {
            _counter++;
        }

        return _counter;
    }

    /// <summary>A CompareExchange-acquired flag released with a volatile write.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long InterlockedCompareExchange()
    {
        for (var i = 0; i < Calls; i++)
        {
            while (Interlocked.CompareExchange(ref _flag, 1, 0) != 0)
            {
            }

            _counter++;
            Volatile.Write(ref _flag, 0);
        }

        return _counter;
    }

    /// <summary>The lock keyword on an object (Monitor).</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long LockObject()
    {
        for (var i = 0; i < Calls; i++)
        {
            lock (_monitor)
            {
                _counter++;
            }
        }

        return _counter;
    }

    /// <summary>The lock keyword on System.Threading.Lock (.NET 9+).</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long ThreadingLock()
    {
        for (var i = 0; i < Calls; i++)
        {
            lock (_lock)
            {
                _counter++;
            }
        }

        return _counter;
    }

    /// <summary>SpinLock without owner tracking.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long SpinLockNoTracking()
    {
        for (var i = 0; i < Calls; i++)
        {
            var taken = false;
            try
            {
                _spin.Enter(ref taken);
                _counter++;
            }
            finally
            {
                if (taken)
                {
                    _spin.Exit(useMemoryBarrier: false);
                }
            }
        }

        return _counter;
    }

    /// <summary>ReaderWriterLockSlim write lock, NoRecursion.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long ReaderWriterLockSlimNoRecursion()
    {
        for (var i = 0; i < Calls; i++)
        {
            _rwNoRecursion.EnterWriteLock();
            try
            {
                _counter++;
            }
            finally
            {
                _rwNoRecursion.ExitWriteLock();
            }
        }

        return _counter;
    }

    /// <summary>ReaderWriterLockSlim write lock, SupportsRecursion (the study's slowest; baseline).</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Calls)]
    public long ReaderWriterLockSlimRecursion()
    {
        for (var i = 0; i < Calls; i++)
        {
            _rwRecursion.EnterWriteLock();
            try
            {
                _counter++;
            }
            finally
            {
                _rwRecursion.ExitWriteLock();
            }
        }

        return _counter;
    }
}
