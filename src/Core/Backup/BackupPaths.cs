using SQLitePCL;

namespace MicroDb;

/// <summary>The checks every backup and <c>VACUUM INTO</c> makes on its destination before touching anything.</summary>
internal static class BackupPaths
{
    /// <summary>The <see cref="Exception.Data"/> key set on the <see cref="ArgumentException"/> for a destination that is the source (the compatibility package reports it as sqlite-net does).</summary>
    internal const string DestinationIsSourceKey = "MicroDb.BackupDestinationIsSource";

    private static readonly StringComparison PathComparison =
        OperatingSystem.IsWindows() || OperatingSystem.IsMacOS() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;

    /// <summary>Checks a destination file path and returns it in full.</summary>
    /// <exception cref="ArgumentException">The path is empty or is the source database's own file.</exception>
    /// <exception cref="MicroDbBackupException">The destination's directory does not exist.</exception>
    internal static string CheckDestinationFile(MicroDbConnection source, string destinationPath, string sourceDatabase)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(destinationPath);
        if (destinationPath == ":memory:" || destinationPath.StartsWith("file:", StringComparison.Ordinal))
        {
            throw new ArgumentException($"The backup destination '{destinationPath}' must be a file path; to copy into an in-memory or URI database, open it and pass the connection.", nameof(destinationPath));
        }

        var fullPath = Path.GetFullPath(destinationPath);
        var sourceFile = SourceFile(source, sourceDatabase);
        if (sourceFile is not null && string.Equals(Path.GetFullPath(sourceFile), fullPath, PathComparison))
        {
            throw DestinationIsSource(new ArgumentException($"The backup destination '{destinationPath}' is the source database itself; choose another file.", nameof(destinationPath)));
        }

        var directory = Path.GetDirectoryName(fullPath);
        if (!string.IsNullOrEmpty(directory) && !Directory.Exists(directory))
        {
            throw new MicroDbBackupException($"Cannot write the backup '{destinationPath}': the directory '{directory}' does not exist.", destinationPath, raw.SQLITE_CANTOPEN, raw.SQLITE_CANTOPEN);
        }

        return fullPath;
    }

    /// <summary>Checks that a destination connection is another, open, writable database outside a transaction.</summary>
    internal static void CheckDestinationConnection(MicroDbConnection source, MicroDbConnection destination, string sourceDatabase)
    {
        ArgumentNullException.ThrowIfNull(destination);
        destination.ThrowIfDisposed();
        var sourceFile = SourceFile(source, sourceDatabase);
        var destinationFile = SourceFile(destination, "main");
        if (ReferenceEquals(source, destination)
            || (sourceFile is not null && destinationFile is not null && string.Equals(Path.GetFullPath(sourceFile), Path.GetFullPath(destinationFile), PathComparison)))
        {
            throw DestinationIsSource(new ArgumentException($"The backup destination '{destination.DatabasePath}' is the source database itself; choose another database.", nameof(destination)));
        }

        if (destination.Options.ReadOnly)
        {
            throw new ArgumentException($"The backup destination '{destination.DatabasePath}' was opened read-only.", nameof(destination));
        }

        if (destination.IsInTransaction)
        {
            throw new InvalidOperationException($"The backup destination '{destination.DatabasePath}' has a transaction open; a backup replaces the whole database, so commit or roll back first.");
        }
    }

    private static ArgumentException DestinationIsSource(ArgumentException e)
    {
        e.Data[DestinationIsSourceKey] = true;
        return e;
    }

    /// <summary>Deletes a destination file (and its journal files) that the failed copy created.</summary>
    internal static void DeleteCreated(string fullPath, bool created)
    {
        if (!created)
        {
            return;
        }

        foreach (var path in (ReadOnlySpan<string>)[fullPath, fullPath + "-journal", fullPath + "-wal", fullPath + "-shm"])
        {
            try
            {
                File.Delete(path);
            }
            catch (IOException)
            {
                // Still open elsewhere; an empty or rolled-back file is harmless.
            }
            catch (UnauthorizedAccessException)
            {
                // As above.
            }
        }
    }

    /// <summary>The file behind a schema of <paramref name="connection"/>; null for in-memory and temporary databases.</summary>
    private static string? SourceFile(MicroDbConnection connection, string schema)
    {
        lock (connection.Gate)
        {
            connection.ThrowIfDisposed();
            var name = raw.sqlite3_db_filename(connection.Handle, schema).utf8_to_string();
            return string.IsNullOrEmpty(name) ? null : name;
        }
    }
}
