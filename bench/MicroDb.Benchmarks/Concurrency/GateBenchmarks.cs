using BenchmarkDotNet.Attributes;

namespace MicroDb.Benchmarks.Concurrency;

/// <summary>
/// The two gates MicroDb uses, uncontended on one thread: System.Threading.Lock (MicroDbConnection: reentrant, sync only)
/// and SemaphoreSlim(1, 1) (MicroDbPool: sync Wait and async WaitAsync on the same gate). Study 000's full lock table is
/// bench/MicroDb.Benchmarks/Locks/LockBenchmarks.cs.
/// </summary>
[MemoryDiagnoser]
public class GateBenchmarks
{
    private const int Calls = 1000;
    private readonly Lock _lock = new();
    private readonly SemaphoreSlim _semaphore = new(1, 1);
    private long _counter;

    /// <summary>lock on System.Threading.Lock.</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Calls)]
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

    /// <summary>Nested (reentrant) lock, as a public call that calls another public call does.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long SystemThreadingLockNested()
    {
        for (var i = 0; i < Calls; i++)
        {
            lock (_lock)
            {
                lock (_lock)
                {
                    _counter++;
                }
            }
        }

        return _counter;
    }

    /// <summary>SemaphoreSlim Wait/Release.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long SemaphoreSlimWait()
    {
        for (var i = 0; i < Calls; i++)
        {
            _semaphore.Wait();
            _counter++;
            _semaphore.Release();
        }

        return _counter;
    }

    /// <summary>SemaphoreSlim Wait(0) try-take, the async path's fast check before WaitAsync.</summary>
    [Benchmark(OperationsPerInvoke = Calls)]
    public long SemaphoreSlimTryTake()
    {
        for (var i = 0; i < Calls; i++)
        {
            if (_semaphore.Wait(0))
            {
                _counter++;
                _semaphore.Release();
            }
        }

        return _counter;
    }
}
