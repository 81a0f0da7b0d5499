namespace MicroDb.Npgsql;

/// <summary>
/// How <see cref="MicroDbNpgsqlConnection.RunInTransaction(Action, RetryPolicy, System.Data.IsolationLevel)"/> runs a
/// unit of work again after PostgreSQL aborted its transaction with a serialization failure (SQLSTATE 40001) or a
/// deadlock (40P01), or after the connection was lost before <c>COMMIT</c>: how many attempts in all, and the wait
/// before each new attempt (doubling from <see cref="FirstDelay"/>, capped at <see cref="MaxDelay"/>, each wait drawn
/// between half and one and a half times its value so that two clients that collided do not collide again in step).
/// See docs/scaling.md ("A retry helper").
/// </summary>
public sealed class RetryPolicy
{
    /// <summary>Five attempts, waits from 10 ms doubling up to 1 s.</summary>
    public static RetryPolicy Default { get; } = new(5);

    /// <summary>Creates a policy.</summary>
    /// <param name="maxAttempts">The attempts in all, the first one included (1 runs the work once, without retrying).</param>
    /// <param name="firstDelay">The wait before the second attempt (default 10 ms); zero retries at once.</param>
    /// <param name="maxDelay">The longest wait (default 1 s).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxAttempts"/> is below 1, a delay is negative, or <paramref name="maxDelay"/> is below <paramref name="firstDelay"/>.</exception>
    public RetryPolicy(int maxAttempts, TimeSpan? firstDelay = null, TimeSpan? maxDelay = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxAttempts, 1);
        var first = firstDelay ?? TimeSpan.FromMilliseconds(10);
        var max = maxDelay ?? TimeSpan.FromSeconds(1);
        ArgumentOutOfRangeException.ThrowIfLessThan(first, TimeSpan.Zero, nameof(firstDelay));
        ArgumentOutOfRangeException.ThrowIfLessThan(max, first, nameof(maxDelay));
        MaxAttempts = maxAttempts;
        FirstDelay = first;
        MaxDelay = max;
    }

    /// <summary>The attempts in all, the first one included.</summary>
    public int MaxAttempts { get; }

    /// <summary>The wait before the second attempt; each later wait doubles, up to <see cref="MaxDelay"/>.</summary>
    public TimeSpan FirstDelay { get; }

    /// <summary>The longest wait between two attempts (before the random spread).</summary>
    public TimeSpan MaxDelay { get; }

    /// <summary>The wait after failed attempt <paramref name="attempt"/> (1 for the first).</summary>
    internal TimeSpan DelayAfter(int attempt)
    {
        var ticks = (double)FirstDelay.Ticks;
        for (var i = 1; i < attempt && ticks < MaxDelay.Ticks; i++)
        {
            ticks *= 2;
        }

        ticks = Math.Min(ticks, MaxDelay.Ticks);
        return TimeSpan.FromTicks((long)(ticks * (0.5 + Random.Shared.NextDouble())));
    }
}
