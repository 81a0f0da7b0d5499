using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using MicroDb.Benchmarks.Models;

namespace MicroDb.Benchmarks.Serialization;

/// <summary>
/// Study 002's third method for reference: a loop over <see cref="PropertyInfo"/> with boxed
/// GetValue/SetValue per member, the naive reflection an ORM without a compiled map pays. Same bytes.
/// </summary>
public static class StudyStyleReflectionCodec
{
    [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)]
    private static readonly Type RecordType = typeof(TextRecord);

    private static readonly PropertyInfo[] Properties = RecordType.GetProperties(BindingFlags.Public | BindingFlags.Instance)
        .OrderBy(p => p.MetadataToken)
        .ToArray();

    /// <summary>Writes one record.</summary>
    /// <param name="w">The writer.</param>
    /// <param name="record">The record.</param>
    public static void Write(BinaryWriter w, object record)
    {
        foreach (var property in Properties)
        {
            var value = property.GetValue(record);
            var type = property.PropertyType;
            if (type == typeof(int))
            {
                w.Write((int)value!);
            }
            else if (type == typeof(double))
            {
                w.Write((double)value!);
            }
            else if (type == typeof(string))
            {
                if (value is null)
                {
                    w.Write(false);
                }
                else
                {
                    w.Write(true);
                    w.Write((string)value);
                }
            }
            else
            {
                throw new NotSupportedException(type.Name);
            }
        }
    }

    /// <summary>Reads one record.</summary>
    /// <param name="r">The reader.</param>
    public static TextRecord Read(BinaryReader r)
    {
        var record = new TextRecord();
        foreach (var property in Properties)
        {
            var type = property.PropertyType;
            object? value = type == typeof(int) ? r.ReadInt32()
                : type == typeof(double) ? r.ReadDouble()
                : type == typeof(string) ? (r.ReadBoolean() ? r.ReadString() : null)
                : throw new NotSupportedException(type.Name);
            property.SetValue(record, value);
        }

        return record;
    }
}
