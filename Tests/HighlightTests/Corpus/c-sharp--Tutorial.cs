using System;
using System.Collections.Generic;
using System.Linq;

namespace Notes
{
    /// <summary>Step 1: a note.</summary>
    public record Note(int Id, string Title, bool Pinned = false);

    public static class Program
    {
        // Step 2: print the pinned notes first.
        public static void Main(string[] args)
        {
            var notes = new List<Note> { new(1, "Welcome", true), new(2, @"C:\Tips") };
            foreach (var note in notes.OrderByDescending(n => n.Pinned).ThenBy(n => n.Title))
            {
                Console.WriteLine($"{note.Id}: {note.Title} {(note.Pinned ? "*" : "")}");
            }
#if DEBUG
            Console.WriteLine(0x1F + 1.5e3 + 'c');
#endif
        }
    }
}
