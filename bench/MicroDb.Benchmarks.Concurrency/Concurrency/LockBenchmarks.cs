using BenchmarkDotNet.Attributes;

namespace MicroDb.Benchmarks.Concurrency;

/// <summary>
/// Study 000's lock table: the cost of entering and leaving each lock type around a trivial body, uncontended on one
/// thread (the study called the method as fast as possible). MicroDbConnection's gate is chosen from this.
/// </summary>
[MemoryDiagnoser]
public class LockBenchmarks
{
    private const int Calls = 1000;
    private readonly object _monitor = new();
    private readonly Lock _lock = new();
    private readonly ReaderWriterLockSlim _rwNoRecursion = new(LockRecursionPolicy.NoRecursion);
    private readonly ReaderWriterLockSlim _rwRecursion = new(LockRecursionPolicy.SupportsRecursion);
    private readonly SemaphoreSlim _semaphore = new(1, 1);
    private SpinLock _spinLock = new(enableThreadOwnerTracking: false);
    private int _flag;
    private long _counter;

    /// <summary>No lock at all: the ceiling.</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Calls)]
    public long NoLock()
    {
        for (var i = 0; i < Calls; i++)
        {
            _counter++;
        }

        return _counter;
    }

    /// <summary>A flag taken with Interlocked.CompareExchange and released with a volatile write.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long InterlockedCompareExchange()
    {
        for (var i = 0; i < Calls; i++)
        {
            while (Interlocked.CompareExchange(ref _flag, 1, 0) != 0)
            {
                Thread.SpinWait(1);
            }

            _counter++;
            Volatile.Write(ref _flag, 0);
        }

        return _counter;
    }

    /// <summary>The lock keyword on a plain object (Monitor).</summary>
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

    /// <summary>The lock keyword on System.Threading.Lock (what MicroDbConnection uses).</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long SystemThreadingLock()
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
    public long SpinLockNoOwner()
    {
        for (var i = 0; i < Calls; i++)
        {
            var taken = false;
            _spinLock.Enter(ref taken);
            _counter++;
            _spinLock.Exit(useMemoryBarrier: false);
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
            _counter++;
            _rwNoRecursion.ExitWriteLock();
        }

        return _counter;
    }

    /// <summary>ReaderWriterLockSlim write lock, SupportsRecursion.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long ReaderWriterLockSlimRecursion()
    {
        for (var i = 0; i < Calls; i++)
        {
            _rwRecursion.EnterWriteLock();
            _counter++;
            _rwRecursion.ExitWriteLock();
        }

        return _counter;
    }

    /// <summary>SemaphoreSlim(1, 1): the pool's writer gate (it also has WaitAsync).</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long SemaphoreSlimGate()
    {
        for (var i = 0; i < Calls; i++)
        {
            _semaphore.Wait();
            _counter++;
            _semaphore.Release();
        }

        return _counter;
    }
}
