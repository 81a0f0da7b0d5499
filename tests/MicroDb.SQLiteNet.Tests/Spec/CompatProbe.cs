using MicroDb.SQLiteNet.Spec.Storage;
using SQLite;

namespace MicroDb.SQLiteNet.Tests.Spec;

/// <summary>Runs a storage case of the sqlite-net specification through MicroDb.SQLiteNet, step for step as the spec's probe does.</summary>
public sealed class CompatProbe : IStorageProbe
{
    /// <summary>Opens a compat connection on <paramref name="path"/> with <paramref name="setting"/>.</summary>
    public static SQLiteConnection Open(string path, StorageSetting setting)
    {
        const SQLiteOpenFlags flags = SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create | SQLiteOpenFlags.FullMutex;
        var cs = setting.DateTimeStringFormat is null
            ? new SQLiteConnectionString(path, flags, setting.StoreDateTimeAsTicks, storeTimeSpanAsTicks: setting.StoreTimeSpanAsTicks)
            : new SQLiteConnectionString(path, flags, setting.StoreDateTimeAsTicks,
                dateTimeStringFormat: setting.DateTimeStringFormat, storeTimeSpanAsTicks: setting.StoreTimeSpanAsTicks);
        return new SQLiteConnection(cs);
    }

    /// <inheritdoc />
    public Observation Observe<T>(StorageSetting setting, T value)
    {
        string path = TempFiles.NewPath();
        try
        {
            string bound;
            using (var db = Open(path, setting))
            {
                try { bound = db.ExecuteScalar<string>("SELECT typeof(?1) || ' ' || quote(?1)", new object?[] { value }); }
                catch (Exception e) { bound = "!" + e.GetType().Name; }
                try { db.CreateTable<Box<T>>(); }
                catch (Exception e) { return new Observation(null, null, null, null, "CreateTable: " + e.GetType().Name, bound); }
                string declared = db.ExecuteScalar<string>("SELECT type FROM pragma_table_info('box') WHERE name = 'Value'");
                try { db.Insert(new Box<T> { Value = value }); }
                catch (Exception e) { return new Observation(declared, null, null, null, "Insert: " + e.GetType().Name, bound); }
            }

            using (var db = Open(path, setting))
            {
                string storage = db.ExecuteScalar<string>("SELECT typeof(Value) FROM box");
                string quote = db.ExecuteScalar<string>("SELECT quote(Value) FROM box");
                string declared = db.ExecuteScalar<string>("SELECT type FROM pragma_table_info('box') WHERE name = 'Value'");
                string readBack;
                string? error = null;
                try { readBack = Canonical.Describe(db.Table<Box<T>>().First().Value); }
                catch (Exception e) { readBack = "!" + e.GetType().Name; error = "Read: " + e.GetType().Name; }
                return new Observation(declared, storage, quote, readBack, error, bound);
            }
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }
}
