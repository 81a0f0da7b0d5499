// Lets the generator (netstandard2.0) declare records and init-only properties.
namespace System.Runtime.CompilerServices
{
    internal static class IsExternalInit
    {
    }
}
