<?php
// Step 1: a note store in PHP.
declare(strict_types=1);

namespace App\Notes;

final class Note
{
    public function __construct(
        public readonly int $id,
        public string $title,
        private array $tags = [],
    ) {}

    /** Step 2: is the note pinned? */
    public function isPinned(): bool
    {
        return in_array('pinned', $this->tags, true);
    }
}

$notes = [new Note(1, "Welcome", ['pinned']), new Note(2, 'Tips')];
$pinned = array_filter($notes, fn(Note $n) => $n->isPinned());
echo "There are " . count($pinned) . " pinned notes\n";
printf("%d notes, first: %s\n", count($notes), $notes[0]->title);
$html = <<<HTML
<p>{$notes[0]->title}</p>
HTML;
?>
<ul><?php foreach ($notes as $note): ?><li><?= htmlspecialchars($note->title) ?></li><?php endforeach; ?></ul>
