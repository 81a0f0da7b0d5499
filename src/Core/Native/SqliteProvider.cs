using SQLitePCL;

namespace MicroDb.Native;

/// <summary>
/// Makes sure SQLitePCLRaw has a provider before the first connection. The MicroDb.Core package references only
/// SQLitePCLRaw.core, so it never names a bundle: a provider the application set wins; otherwise the bundle
/// registered through <see cref="MicroDbSqliteProvider.RegisterBundle"/> (the MicroDb package does this from a
/// module initializer compiled into the app) is initialized; otherwise <see cref="MicroDbProviderException"/>.
/// No reflection: nothing is looked up by name.
/// </summary>
internal static class SqliteProvider
{
    internal const string FromApplication = "application";

    private static readonly Lock Gate = new();
    private static int _initialized;
    private static string? _bundleName;
    private static Action? _bundleInitializer;
    private static string? _initializedBy;

    /// <summary>What set the provider up: <see cref="FromApplication"/> or the registered bundle's name; null before.</summary>
    public static string? InitializedBy => Volatile.Read(ref _initialized) == 1 ? _initializedBy : null;

    /// <summary>Initializes the provider once per process; later calls cost one volatile read.</summary>
    public static void EnsureInitialized()
    {
        if (Volatile.Read(ref _initialized) == 1)
        {
            return;
        }

        lock (Gate)
        {
            if (_initialized == 1)
            {
                return;
            }

            if (ProviderIsSet())
            {
                _initializedBy = FromApplication;
            }
            else if (_bundleInitializer is { } initialize)
            {
                try
                {
                    initialize();
                }
                catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException or BadImageFormatException)
                {
                    throw new MicroDbProviderException(ProviderMessages.BundleFailed(_bundleName!, e.Message), e);
                }

                if (!ProviderIsSet())
                {
                    throw new MicroDbProviderException(ProviderMessages.BundleSetNothing(_bundleName!), null);
                }

                _initializedBy = _bundleName;
            }
            else
            {
                throw new MicroDbProviderException(ProviderMessages.NoProvider, null);
            }

            Volatile.Write(ref _initialized, 1);
        }
    }

    /// <summary>Records the bundle to initialize when the application sets no provider; the first registration wins.</summary>
    public static void RegisterBundle(string name, Action initialize)
    {
        lock (Gate)
        {
            if (_bundleInitializer is null)
            {
                _bundleName = name;
                _bundleInitializer = initialize;
            }
        }
    }

    /// <summary>
    /// SQLitePCLRaw keeps its provider private; any call without one throws a plain <see cref="Exception"/> that asks
    /// for <c>SetProvider</c>. One cheap call tells, once per process. A provider whose native library is missing
    /// fails here too, with a loader exception: that is reported as a provider error naming the library problem.
    /// </summary>
    private static bool ProviderIsSet()
    {
        try
        {
            _ = raw.sqlite3_libversion_number();
            return true;
        }
        catch (Exception e) when (e.GetType() == typeof(Exception))
        {
            return false;
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException or BadImageFormatException)
        {
            throw new MicroDbProviderException(ProviderMessages.NativeLibraryFailed(e.Message), e);
        }
    }
}
