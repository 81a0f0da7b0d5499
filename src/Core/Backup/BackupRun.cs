using System.Diagnostics;
using System.Runtime.CompilerServices;
using SQLitePCL;

namespace MicroDb;

/// <summary>
/// One online backup (sqlite3_backup) in progress: <see cref="Step"/> copies <see cref="BackupOptions.PagesPerStep"/>
/// pages while holding the source connection's lock (and the destination connection's, when it is one), then lets go,
/// so the sync and async callers only differ in how they pause between steps. Disposing finishes the backup; a run
/// that did not complete leaves no destination file it created behind.
/// </summary>
internal sealed class BackupRun : IDisposable
{
    /// <summary>After this many restarts (another connection wrote the source between steps), the rest is copied in one step.</summary>
    internal const int MaxRestarts = 8;

    private readonly MicroDbConnection _source;
    private readonly MicroDbConnection? _destinationConnection;
    private readonly sqlite3 _destination;
    private readonly bool _ownsDestination;
    private readonly bool _createdDestinationFile;
    private readonly string _destinationPath;
    private readonly BackupOptions _options;
    private readonly TimeSpan _busyTimeout;
    private sqlite3_backup? _backup;
    private int _lastRemaining = -1;
    private long _busySince;
    private bool _completed;

    private BackupRun(MicroDbConnection source, sqlite3 destination, MicroDbConnection? destinationConnection, bool ownsDestination, bool createdFile, string destinationPath, BackupOptions options)
    {
        _source = source;
        _destination = destination;
        _destinationConnection = destinationConnection;
        _ownsDestination = ownsDestination;
        _createdDestinationFile = createdFile;
        _destinationPath = destinationPath;
        _options = options;
        _busyTimeout = source.Options.BusyTimeout;
    }

    /// <summary>How many times the copy started over because the source changed under it (tests read it).</summary>
    internal int Restarts { get; private set; }

    /// <summary>The pause before the next step: the options' delay, or a short sleep while a lock is being waited out.</summary>
    internal TimeSpan Pause => _busySince != 0 && _options.StepDelay < TimeSpan.FromMilliseconds(10) ? TimeSpan.FromMilliseconds(10) : _options.StepDelay;

    /// <summary>Starts a backup of <paramref name="source"/> into the file at <paramref name="destinationPath"/> (created or overwritten).</summary>
    internal static BackupRun ToFile(MicroDbConnection source, string destinationPath, BackupOptions options)
    {
        var fullPath = BackupPaths.CheckDestinationFile(source, destinationPath, options.SourceDatabase);
        var existed = File.Exists(fullPath);
        var rc = raw.sqlite3_open_v2(destinationPath, out var destination, raw.SQLITE_OPEN_READWRITE | raw.SQLITE_OPEN_CREATE, null);
        if (rc != raw.SQLITE_OK)
        {
            var message = destination is null ? raw.sqlite3_errstr(rc).utf8_to_string() : raw.sqlite3_errmsg(destination).utf8_to_string();
            destination?.Dispose();
            BackupPaths.DeleteCreated(fullPath, !existed);
            throw new MicroDbBackupException($"Cannot open the backup destination '{destinationPath}': {message}", destinationPath, rc & 0xFF, rc);
        }

        raw.sqlite3_extended_result_codes(destination, 1);
        raw.sqlite3_busy_timeout(destination, (int)Math.Clamp(source.Options.BusyTimeout.TotalMilliseconds, 0, int.MaxValue));
        var run = new BackupRun(source, destination, null, ownsDestination: true, createdFile: !existed, destinationPath, options);
        run.Init();
        return run;
    }

    /// <summary>Starts a backup of <paramref name="source"/> into <paramref name="destination"/>'s main database (replacing its content).</summary>
    internal static BackupRun ToConnection(MicroDbConnection source, MicroDbConnection destination, BackupOptions options)
    {
        BackupPaths.CheckDestinationConnection(source, destination, options.SourceDatabase);
        var run = new BackupRun(source, destination.Handle, destination, ownsDestination: false, createdFile: false, destination.DatabasePath, options);
        run.Init();
        return run;
    }

    /// <summary>Copies one step of pages. True when the copy is complete.</summary>
    /// <exception cref="MicroDbBackupException">The step failed, or a lock was not released within the source's busy timeout.</exception>
    internal bool Step()
    {
        int rc;
        int remaining;
        int count;
        EnterBoth();
        try
        {
            _source.ThrowIfDisposed();
            _destinationConnection?.ThrowIfDisposed();
            var pages = Restarts >= MaxRestarts ? -1 : _options.PagesPerStep;
            rc = raw.sqlite3_backup_step(_backup, pages);
            remaining = raw.sqlite3_backup_remaining(_backup);
            count = raw.sqlite3_backup_pagecount(_backup);
        }
        finally
        {
            ExitBoth();
        }

        switch (rc & 0xFF)
        {
            case raw.SQLITE_DONE:
                _busySince = 0;
                _options.Progress?.Report(new BackupProgress(count, 0));
                return true;
            case raw.SQLITE_OK:
                if (_lastRemaining >= 0 && remaining > _lastRemaining)
                {
                    // Another connection changed the source, so SQLite began again from page 1 (a write through the
                    // source connection itself is copied into the backup instead).
                    Restarts++;
                }

                _lastRemaining = remaining;
                _busySince = 0;
                _options.Progress?.Report(new BackupProgress(count, remaining));
                return false;
            case raw.SQLITE_BUSY:
            case raw.SQLITE_LOCKED:
                if (_busySince == 0)
                {
                    _busySince = Stopwatch.GetTimestamp();
                }
                else if (Stopwatch.GetElapsedTime(_busySince) > _busyTimeout)
                {
                    throw new MicroDbBackupException(
                        $"Backup to '{_destinationPath}' failed: the destination (or the source) stayed locked by another connection for longer than the busy timeout ({_busyTimeout.TotalMilliseconds:0} ms). Nothing was changed in the source.",
                        _destinationPath, rc & 0xFF, rc);
                }

                return false;
            default:
                throw Failure(rc);
        }
    }

    /// <summary>Finishes a completed copy, reporting an error SQLite kept for the end.</summary>
    internal void Complete()
    {
        var backup = _backup;
        _backup = null;
        int rc;
        EnterBoth();
        try
        {
            rc = raw.sqlite3_backup_finish(backup);
        }
        finally
        {
            ExitBoth();
        }

        if (rc != raw.SQLITE_OK)
        {
            throw Failure(rc);
        }

        _completed = true;
    }

    /// <summary>Finishes the backup if still open (an incomplete copy is rolled back in the destination) and closes what the run opened.</summary>
    public void Dispose()
    {
        if (_backup is { } backup)
        {
            _backup = null;
            EnterBoth();
            try
            {
                raw.sqlite3_backup_finish(backup);
            }
            finally
            {
                ExitBoth();
            }
        }

        if (_ownsDestination)
        {
            _destination.Dispose();
            BackupPaths.DeleteCreated(Path.GetFullPath(_destinationPath), _createdDestinationFile && !_completed);
        }
    }

    private void Init()
    {
        try
        {
            EnterBoth();
            try
            {
                _source.ThrowIfDisposed();
                _backup = raw.sqlite3_backup_init(_destination, "main", _source.Handle, _options.SourceDatabase);
            }
            finally
            {
                ExitBoth();
            }

            if (_backup is null || _backup.IsInvalid)
            {
                _backup = null;
                var error = raw.sqlite3_extended_errcode(_destination);
                throw Failure(error == raw.SQLITE_OK ? raw.SQLITE_ERROR : error);
            }
        }
        catch
        {
            Dispose();
            throw;
        }
    }

    /// <summary>
    /// Takes the source connection's lock and the destination connection's (a backup touches both handles), always in
    /// the same order for a pair, so two backups running in opposite directions between the same connections cannot deadlock.
    /// </summary>
    private void EnterBoth()
    {
        var first = _source.Gate;
        var second = _destinationConnection?.Gate;
        if (second is not null && RuntimeHelpers.GetHashCode(_destinationConnection) < RuntimeHelpers.GetHashCode(_source))
        {
            (first, second) = (second, first);
        }

        first.Enter();
        second?.Enter();
    }

    private void ExitBoth()
    {
        _destinationConnection?.Gate.Exit();
        _source.Gate.Exit();
    }

    private MicroDbBackupException Failure(int rc)
    {
        var message = raw.sqlite3_errmsg(_destination).utf8_to_string();
        if (string.IsNullOrEmpty(message) || message == "not an error")
        {
            message = raw.sqlite3_errstr(rc).utf8_to_string();
        }

        return new MicroDbBackupException($"Backup of '{_options.SourceDatabase}' to '{_destinationPath}' failed: {message}. Nothing was changed in the source.", _destinationPath, rc & 0xFF, rc);
    }
}
