namespace MicroDb.AotBench;

/// <summary>Whether this process runs under the JIT or as NativeAOT code.</summary>
internal static class RuntimeMode
{
    /// <summary>
    /// "JIT" or "NativeAOT". RuntimeFeature.IsDynamicCodeSupported cannot tell: PublishAot=true writes
    /// IsDynamicCodeSupported=false into the runtimeconfig of the JIT build too. A NativeAOT process compiles no method.
    /// </summary>
    public static string Name { get; } = System.Runtime.JitInfo.GetCompiledMethodCount() > 0 ? "JIT" : "NativeAOT";
}
