namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>
/// Writes one value of a model property through an implementation (sqlite-net today, MicroDb.SQLiteNet later) into a
/// fresh table <c>box(Id, Value)</c> and observes the file and the read-back value.
/// </summary>
public interface IStorageProbe
{
    /// <summary>Stores <paramref name="value"/> under <paramref name="setting"/> and reports what happened.</summary>
    Observation Observe<T>(StorageSetting setting, T value);
}
