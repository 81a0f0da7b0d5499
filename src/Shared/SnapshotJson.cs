// Shared source (see src/Shared/README.md).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// The little JSON the schema snapshot needs, with no dependency (the generator runs on netstandard2.0 inside the
/// compiler, where System.Text.Json cannot be loaded): a writer for strings and a reader that turns a document into
/// dictionaries, lists, strings, doubles, booleans and nulls, failing with <see cref="FormatException"/> at a line and column.
/// </summary>
internal static class SnapshotJson
{
    /// <summary>Appends <paramref name="value"/> as a JSON string literal.</summary>
    public static void WriteString(StringBuilder sb, string value)
    {
        sb.Append('"');
        foreach (var c in value)
        {
            switch (c)
            {
                case '"':
                    sb.Append("\\\"");
                    break;
                case '\\':
                    sb.Append("\\\\");
                    break;
                case '\n':
                    sb.Append("\\n");
                    break;
                case '\r':
                    sb.Append("\\r");
                    break;
                case '\t':
                    sb.Append("\\t");
                    break;
                default:
                    if (c < ' ')
                    {
                        sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        sb.Append(c);
                    }

                    break;
            }
        }

        sb.Append('"');
    }

    /// <summary>Reads one JSON value (and nothing after it but white space).</summary>
    public static object? Parse(string text)
    {
        var reader = new Reader(text);
        reader.SkipWhiteSpace();
        var value = reader.ReadValue(0);
        reader.SkipWhiteSpace();
        if (!reader.AtEnd)
        {
            throw reader.Error("unexpected text after the end of the document");
        }

        return value;
    }

    private sealed class Reader
    {
        private const int MaxDepth = 64;
        private readonly string _text;
        private int _position;

        public Reader(string text)
        {
            _text = text;
        }

        public bool AtEnd => _position >= _text.Length;

        public void SkipWhiteSpace()
        {
            while (!AtEnd && _text[_position] is ' ' or '\t' or '\r' or '\n' or '\uFEFF')
            {
                _position++;
            }
        }

        public object? ReadValue(int depth)
        {
            if (depth > MaxDepth)
            {
                throw Error("nesting is too deep");
            }

            if (AtEnd)
            {
                throw Error("unexpected end of the document");
            }

            switch (_text[_position])
            {
                case '{':
                    return ReadObject(depth);
                case '[':
                    return ReadArray(depth);
                case '"':
                    return ReadString();
                case 't':
                    Expect("true");
                    return true;
                case 'f':
                    Expect("false");
                    return false;
                case 'n':
                    Expect("null");
                    return null;
                default:
                    return ReadNumber();
            }
        }

        public FormatException Error(string what)
        {
            var line = 1;
            var column = 1;
            for (var i = 0; i < _position && i < _text.Length; i++)
            {
                if (_text[i] == '\n')
                {
                    line++;
                    column = 1;
                }
                else
                {
                    column++;
                }
            }

            return new FormatException(what + " at line " + line.ToString(CultureInfo.InvariantCulture) + ", column " + column.ToString(CultureInfo.InvariantCulture));
        }

        private Dictionary<string, object?> ReadObject(int depth)
        {
            _position++;
            var result = new Dictionary<string, object?>(StringComparer.Ordinal);
            SkipWhiteSpace();
            if (!AtEnd && _text[_position] == '}')
            {
                _position++;
                return result;
            }

            while (true)
            {
                SkipWhiteSpace();
                if (AtEnd || _text[_position] != '"')
                {
                    throw Error("expected a property name in quotes");
                }

                var name = ReadString();
                SkipWhiteSpace();
                Consume(':');
                SkipWhiteSpace();
                result[name] = ReadValue(depth + 1);
                SkipWhiteSpace();
                if (!AtEnd && _text[_position] == ',')
                {
                    _position++;
                    continue;
                }

                Consume('}');
                return result;
            }
        }

        private List<object?> ReadArray(int depth)
        {
            _position++;
            var result = new List<object?>();
            SkipWhiteSpace();
            if (!AtEnd && _text[_position] == ']')
            {
                _position++;
                return result;
            }

            while (true)
            {
                SkipWhiteSpace();
                result.Add(ReadValue(depth + 1));
                SkipWhiteSpace();
                if (!AtEnd && _text[_position] == ',')
                {
                    _position++;
                    continue;
                }

                Consume(']');
                return result;
            }
        }

        private string ReadString()
        {
            _position++;
            var sb = new StringBuilder();
            while (true)
            {
                if (AtEnd)
                {
                    throw Error("unterminated string");
                }

                var c = _text[_position++];
                if (c == '"')
                {
                    return sb.ToString();
                }

                if (c < ' ')
                {
                    throw Error("control character in a string");
                }

                if (c != '\\')
                {
                    sb.Append(c);
                    continue;
                }

                if (AtEnd)
                {
                    throw Error("unterminated string");
                }

                var escape = _text[_position++];
                switch (escape)
                {
                    case '"':
                    case '\\':
                    case '/':
                        sb.Append(escape);
                        break;
                    case 'b':
                        sb.Append('\b');
                        break;
                    case 'f':
                        sb.Append('\f');
                        break;
                    case 'n':
                        sb.Append('\n');
                        break;
                    case 'r':
                        sb.Append('\r');
                        break;
                    case 't':
                        sb.Append('\t');
                        break;
                    case 'u':
                        if (_position + 4 > _text.Length
                            || !int.TryParse(_text.Substring(_position, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var code))
                        {
                            throw Error("bad \\u escape");
                        }

                        sb.Append((char)code);
                        _position += 4;
                        break;
                    default:
                        _position--;
                        throw Error("bad escape '\\" + escape + "'");
                }
            }
        }

        private double ReadNumber()
        {
            var start = _position;
            while (!AtEnd && (char.IsDigit(_text[_position]) || _text[_position] is '-' or '+' or '.' or 'e' or 'E'))
            {
                _position++;
            }

            if (start == _position
                || !double.TryParse(_text.Substring(start, _position - start), NumberStyles.Float, CultureInfo.InvariantCulture, out var value))
            {
                _position = start;
                throw Error("expected a value");
            }

            return value;
        }

        private void Expect(string word)
        {
            if (string.CompareOrdinal(_text, _position, word, 0, word.Length) != 0)
            {
                throw Error("expected a value");
            }

            _position += word.Length;
        }

        private void Consume(char c)
        {
            if (AtEnd || _text[_position] != c)
            {
                throw Error("expected '" + c + "'");
            }

            _position++;
        }
    }
}
