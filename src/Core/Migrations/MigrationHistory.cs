namespace MicroDb.Migrations;

/// <summary>
/// The provider-neutral rules of versioned migrations, used by SQLite's <see cref="MigrationRunner"/> and by the
/// PostgreSQL package's runner: a step's name is unique and permanent, and the names a database records as applied must
/// be the start of the app's list (else <see cref="MicroDbMigrationError.HistoryMismatch"/>), or extend it only when
/// the app allows it (else <see cref="MicroDbMigrationError.UnknownAppliedSteps"/>).
/// </summary>
internal static class MigrationHistory
{
    /// <summary>Checks a new step's name against the names already in a list, and adds it.</summary>
    /// <exception cref="ArgumentException">The name is empty or already in the list.</exception>
    public static void AddName(HashSet<string> names, string name)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        if (!names.Add(name))
        {
            throw new ArgumentException($"A migration step named '{name}' is already in the list; step names must be unique.", nameof(name));
        }
    }

    /// <summary>
    /// Checks that <paramref name="history"/> (the recorded names, in order) is a prefix of <paramref name="steps"/>
    /// (or, when <paramref name="allowUnknown"/>, extends it); returns how many steps are applied.
    /// </summary>
    /// <exception cref="MicroDbMigrationException">The history differs from the list, or has steps the list does not.</exception>
    public static int Check(IReadOnlyList<string> history, IReadOnlyList<string> steps, bool allowUnknown)
    {
        for (var i = 0; i < history.Count; i++)
        {
            if (i >= steps.Count)
            {
                if (allowUnknown)
                {
                    return steps.Count;
                }

                var unknown = string.Join(", ", history.Skip(steps.Count).Select(n => "'" + n + "'"));
                throw new MicroDbMigrationException(
                    $"The database records {history.Count} applied migration steps but this app knows {steps.Count}; the unknown ones ({unknown}) were applied by a newer version of the app. Opening the database with this version could damage it (set MicroDbMigrations.AllowUnknownAppliedSteps to accept it as it is).",
                    MicroDbMigrationError.UnknownAppliedSteps,
                    history[steps.Count]);
            }

            if (!string.Equals(history[i], steps[i], StringComparison.Ordinal))
            {
                var recorded = history[i];
                var movedTo = -1;
                for (var j = 0; j < steps.Count; j++)
                {
                    if (string.Equals(steps[j], recorded, StringComparison.Ordinal))
                    {
                        movedTo = j;
                        break;
                    }
                }

                var why = movedTo >= 0
                    ? $"the list has it at position {movedTo + 1}: the steps were reordered"
                    : $"the list has '{steps[i]}' there: the step was renamed or removed";
                throw new MicroDbMigrationException(
                    $"Migration history mismatch at step {i + 1}: the database recorded '{recorded}' as applied, but {why}. Applied steps must keep their names and order; add new steps at the end.",
                    MicroDbMigrationError.HistoryMismatch,
                    recorded);
            }
        }

        return history.Count;
    }
}
