#nullable enable
using System.Reflection;

namespace System.Runtime.CompilerServices;

/// <summary>
/// netstandard2.0 stand-in for <c>RuntimeFeature.IsDynamicCodeSupported</c>: the core library's answer where it
/// has one (.NET Core 3.0+, read once), else true (the .NET Framework and Mono JIT). Compiled into the netstandard2.0 build only.
/// </summary>
[Microsoft.CodeAnalysis.Embedded]
internal static class RuntimeFeature
{
    /// <summary>Whether the runtime can compile code at run time.</summary>
    public static bool IsDynamicCodeSupported { get; } =
        typeof(object).Assembly.GetType("System.Runtime.CompilerServices.RuntimeFeature")?.GetProperty("IsDynamicCodeSupported", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as bool? ?? true;
}
