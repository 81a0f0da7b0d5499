using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Models.HandWrittenGeneratedEquivalent;

/// <summary>
/// Registers the hand-written generated-equivalent maps, as the generator's module initializer will.
/// TODO(generator): delete with the maps once src/Generator lands on main.
/// </summary>
public static class GeneratedMaps
{
    /// <summary>Registers every map in this folder (idempotent).</summary>
    public static void Register()
    {
        EntityMapRegistry.Register(TextRecordMap.Instance);
        EntityMapRegistry.Register(TestRowMap.Instance);
        EntityMapRegistry.Register(BlockMap.Instance);
    }
}
