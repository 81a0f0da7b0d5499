using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>The provider-neutral typed column contract on the reflection path: no value is boxed, values arrive in column order.</summary>
public sealed class TypedColumnsTests
{
    [Table("typed_numbers")]
    public sealed class Numbers
    {
        [PrimaryKey] public int Id { get; set; }
        public long Big { get; set; }
        public double Ratio { get; set; }
        public decimal Money { get; set; }
        public Guid Key { get; set; }
        public DateTime When { get; set; }
        public int? Maybe { get; set; }
    }

    private struct CountingWriter : IColumnValueWriter
    {
        public int Count;
        public int NonDefault;

        public void Write<TValue>(int columnIndex, TValue value)
        {
            Count++;
            if (!EqualityComparer<TValue>.Default.Equals(value, default!))
            {
                NonDefault++;
            }
        }
    }

    private readonly struct ConstantReader : IColumnValueReader
    {
        public bool Contains(int columnIndex) => columnIndex != 2;

        public TValue Read<TValue>(int columnIndex)
        {
            if (typeof(TValue) == typeof(int))
            {
                var v = columnIndex + 40;
                return System.Runtime.CompilerServices.Unsafe.As<int, TValue>(ref v);
            }

            return default!;
        }
    }

    [Test]
    public void Reflection_map_writes_every_column_typed_without_allocating()
    {
        var map = (ITypedColumns<Numbers>)ReflectionMaps.For<Numbers>();
        var entity = new Numbers { Id = 1, Big = 2, Ratio = 3, Money = 4, Key = Guid.NewGuid(), When = DateTime.Now, Maybe = 5 };
        var writer = new CountingWriter();
        map.WriteColumns(entity, ref writer);
        Assert.That(writer.Count, Is.EqualTo(7));
        Assert.That(writer.NonDefault, Is.EqualTo(7));

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 1000; i++)
        {
            map.WriteColumns(entity, ref writer);
        }

        Assert.That(GC.GetAllocatedBytesForCurrentThread() - before, Is.Zero);
    }

    [Test]
    public void Reflection_map_reads_typed_values_and_skips_columns_the_row_lacks()
    {
        var map = (ITypedColumns<Numbers>)ReflectionMaps.For<Numbers>();
        var reader = new ConstantReader();
        var entity = map.ReadColumns(ref reader);
        Assert.That(entity.Id, Is.EqualTo(40));
        Assert.That(entity.Ratio, Is.EqualTo(0));
        Assert.That(entity.Maybe, Is.Null);
    }
}
