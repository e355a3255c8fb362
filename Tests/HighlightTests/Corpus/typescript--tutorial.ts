// Step 1: the shape of a note.
interface Note {
  readonly id: number;
  title: string;
  tags?: string[];
}

type Filter = (note: Note) => boolean;

/** Step 2: keep notes and find them again. */
export class NoteStore<T extends Note = Note> {
  private notes = new Map<number, T>();

  add(note: T): this {
    this.notes.set(note.id, note);
    return this;
  }

  find(filter: Filter = () => true): T[] {
    return [...this.notes.values()].filter(filter);
  }
}

const store = new NoteStore().add({ id: 1, title: "Welcome", tags: ["intro"] });
const tagged = store.find((note) => note.tags?.includes("intro") ?? false);
console.log(`Found ${tagged.length} notes`, /intro/gi.test("Intro"), 0x10 + 1e3);

async function load(url: string): Promise<Note[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error("HTTP " + response.status);
  return (await response.json()) as Note[];
}
