using SQLitePCL;

namespace MicroDb.Concurrency;

/// <summary>
/// A connection's cancellation hooks for one operation (<see cref="MicroDbPool.InterruptOnCancel"/>): the token's
/// registration and the progress handler. Disposing removes both; the default value holds none.
/// </summary>
internal readonly struct StatementInterrupt : IDisposable
{
    private readonly CancellationTokenRegistration _registration;
    private readonly sqlite3? _handle;

    internal StatementInterrupt(CancellationTokenRegistration registration, sqlite3 handle)
    {
        _registration = registration;
        _handle = handle;
    }

    /// <summary>Unregisters (waiting for a running callback), then removes the progress handler.</summary>
    public void Dispose()
    {
        _registration.Dispose();
        if (_handle is not null)
        {
            raw.sqlite3_progress_handler(_handle, 0, null, null);
        }
    }
}
