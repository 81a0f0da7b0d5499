using System.Linq.Expressions;

namespace MicroDb.Query;

public sealed partial class InterceptedSite
{
    /// <summary>Reads the closed value at <paramref name="path"/> in a grouping's key selector, as the site reads a key's value (<see cref="KeyValue"/>).</summary>
    internal static bool TryReadKey(Expression key, string path, out object? value) => TryRead(key, path, out value);
}
