using System.Text;

namespace MicroDb.Generator;

/// <summary>A minimal indented text writer for generated sources (always '\n' line endings, four-space indents).</summary>
internal sealed class SourceWriter
{
    private readonly StringBuilder _text = new();
    private int _indent;

    public SourceWriter Line(string line = "")
    {
        if (line.Length > 0)
        {
            _text.Append(' ', _indent * 4).Append(line);
        }

        _text.Append('\n');
        return this;
    }

    public SourceWriter Open(string line)
    {
        Line(line);
        Line("{");
        _indent++;
        return this;
    }

    public SourceWriter Close(string suffix = "")
    {
        _indent--;
        Line("}" + suffix);
        return this;
    }

    public override string ToString() => _text.ToString();
}
