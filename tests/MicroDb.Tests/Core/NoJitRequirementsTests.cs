using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace MicroDb.Tests.Core;

/// <summary>
/// Full-AOT targets (NativeAOT, Mono AOT on iOS) have no JIT: code that emits IL, compiles expression trees or
/// instantiates generics over value types at run time crashes there. These tests read the built assemblies'
/// metadata and fail if such an API is referenced, so the rule cannot regress silently.
/// </summary>
public sealed class NoJitRequirementsTests
{
    private static readonly string[] ForbiddenEverywhere =
    [
        "System.Reflection.Emit.",
        "System.Linq.Expressions.LambdaExpression::Compile",
        "System.Linq.Expressions.Expression`1::Compile",
        "System.Reflection.DispatchProxy",
    ];

    // Core never reflects over user types; the reflection package may, but only over reference types (checked by the next test).
    private static readonly string[] ForbiddenInCore =
    [
        "System.Type::MakeGenericType",
        "System.Reflection.MethodInfo::MakeGenericMethod",
        "System.Activator::CreateInstance",
    ];

    [TestCase("MicroDb")]
    [TestCase("MicroDb.Runtime.Reflection")]
    public void Assembly_references_no_api_that_needs_a_jit(string assemblyName)
    {
        var references = MemberReferences(assemblyName);
        var forbidden = assemblyName == "MicroDb" ? ForbiddenEverywhere.Concat(ForbiddenInCore) : ForbiddenEverywhere;

        var found = references.Where(r => forbidden.Any(f => r.StartsWith(f, StringComparison.Ordinal) || r.Contains(f, StringComparison.Ordinal))).ToList();

        Assert.That(found, Is.Empty, $"{assemblyName} references APIs that need a JIT: {string.Join(", ", found)}");
        Assert.That(references, Is.Not.Empty, "the scan read nothing: it would pass vacuously");
    }

    [Test]
    public void Scanner_sees_a_reference_known_to_be_there()
    {
        // The reflection package does call MakeGenericMethod (over classes only); if the scan missed it, the tests above would prove nothing.
        Assert.That(MemberReferences("MicroDb.Runtime.Reflection"), Does.Contain("System.Reflection.MethodInfo::MakeGenericMethod"));
    }

    [Test]
    public void Reflection_path_refuses_value_types_before_any_generic_instantiation()
    {
        // GetMap(Type) uses MakeGenericMethod; it must reject structs first, since a value-type instantiation has no code under full AOT.
        var provider = MicroDb.Runtime.Reflection.ReflectionMapProvider.Instance;

        Assert.Throws<MicroDbMappingException>(() => provider.GetMap(typeof(DateTime)));
    }

    private static List<string> MemberReferences(string assemblyName)
    {
        var path = Path.Combine(AppContext.BaseDirectory, assemblyName + ".dll");
        using var stream = File.OpenRead(path);
        using var pe = new PEReader(stream);
        var md = pe.GetMetadataReader();
        var names = new List<string>();
        foreach (var handle in md.TypeReferences)
        {
            names.Add(TypeName(md, handle) + ".");
        }

        foreach (var handle in md.MemberReferences)
        {
            var member = md.GetMemberReference(handle);
            var parent = member.Parent.Kind switch
            {
                HandleKind.TypeReference => TypeName(md, (TypeReferenceHandle)member.Parent),
                HandleKind.TypeSpecification => SpecName(md, (TypeSpecificationHandle)member.Parent),
                _ => "?",
            };
            names.Add(parent + "::" + md.GetString(member.Name));
        }

        return names;
    }

    private static string TypeName(MetadataReader md, TypeReferenceHandle handle)
    {
        var type = md.GetTypeReference(handle);
        return md.GetString(type.Namespace) + "." + md.GetString(type.Name);
    }

    private static string SpecName(MetadataReader md, TypeSpecificationHandle handle)
    {
        // Generic instantiations: read the generic type definition from the signature blob.
        var blob = md.GetBlobReader(md.GetTypeSpecification(handle).Signature);
        if (blob.ReadSignatureTypeCode() == SignatureTypeCode.GenericTypeInstance)
        {
            blob.ReadSignatureTypeCode();
            var inner = blob.ReadTypeHandle();
            if (inner.Kind == HandleKind.TypeReference)
            {
                return TypeName(md, (TypeReferenceHandle)inner);
            }
        }

        return "?";
    }
}
