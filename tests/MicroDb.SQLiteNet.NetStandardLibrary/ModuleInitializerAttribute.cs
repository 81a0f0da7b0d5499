namespace System.Runtime.CompilerServices
{
    /// <summary>
    /// netstandard2.0 has no ModuleInitializerAttribute; declaring it (as PolySharp or Polyfill do for a library) lets
    /// the C# compiler emit the module initializer that registers MicroDb's generated maps.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    internal sealed class ModuleInitializerAttribute : Attribute
    {
    }
}
