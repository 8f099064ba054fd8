import { errorMessage } from '@shop/api-client';
import { normaliseYouTubeUrl } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { type SectionResult, SectionFeedback } from './section-feedback';
import { errorAria } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { MediaSection } from './media-section';

interface VideosSectionProps {
  /** The video links as saved on the server (watch links). */
  saved: string[];
  onSave: (videos: string[]) => Promise<void>;
}

const INVALID_LINK = 'Please enter a YouTube video link: youtube.com/watch?v=…, youtube.com/shorts/… or youtu.be/…';

/** The gallery's videos: removable links, a YouTube link to add, and 'Save Videos' for the whole list. */
export function VideosSection({ saved, onSave }: VideosSectionProps) {
  const id = useId();
  const [videos, setVideos] = useState(saved);
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [result, setResult] = useState<SectionResult>({ status: 'idle' });
  const dirty = videos.length !== saved.length || videos.some((v, i) => v !== saved[i]);

  /** The list with the typed link added, or null (and a message) when the link is refused. */
  function withTyped(list: string[]): string[] | null {
    const url = normaliseYouTubeUrl(text);
    if (url === null) {
      setInputError(text.trim() === '' ? 'Enter a YouTube video URL first.' : INVALID_LINK);
      return null;
    }
    if (list.includes(url)) {
      setInputError('This video is already in the list.');
      return null;
    }
    setInputError(null);
    setText('');
    return [...list, url];
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = withTyped(videos);
    if (next) setVideos(next);
  }

  async function save() {
    // A link typed but not added yet is surely meant to be saved too; a bad one stops the save.
    let list = videos;
    if (text.trim() !== '') {
      const next = withTyped(videos);
      if (!next) return;
      list = next;
      setVideos(next);
    }
    setResult({ status: 'saving' });
    try {
      await onSave(list);
      setResult({ status: 'saved', text: `Videos saved: ${list.length} in the gallery.` });
    } catch (caught) {
      setResult({ status: 'failed', message: errorMessage(caught) });
    }
  }

  const links = videos.map((video, index) => (
    <li key={`${video}-${index}`} className="media-videos__item">
      <a className="media-videos__link" href={video} target="_blank" rel="noreferrer">
        {video}
      </a>
      <button
        type="button"
        className="button button--danger media-videos__remove"
        aria-label={`Remove video ${index + 1} (${video})`}
        onClick={() => setVideos((list) => list.filter((_, i) => i !== index))}
      >
        Remove
      </button>
    </li>
  ));

  return (
    <MediaSection title="Videos" empty="No videos yet." listClassName="media-videos" items={links}>
      <form className="media-add" noValidate onSubmit={add}>
        <label className="field__label" htmlFor={`${id}-url`}>
          Enter YouTube video URL
        </label>
        <div className="media-add__row">
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={text}
            {...errorAria(`${id}-error`, inputError)}
            onValue={(value) => {
              setText(value);
              setInputError(null);
            }}
          />
          <button type="submit" className="button button--secondary">
            Add Video
          </button>
        </div>
        <FormAlert id={`${id}-error`} message={inputError} />
      </form>
      <div className="media-section__actions">
        <button type="button" className="button" disabled={result.status === 'saving'} onClick={() => void save()}>
          Save Videos
        </button>
        <SectionFeedback result={result} dirty={dirty && result.status !== 'saving'} />
      </div>
    </MediaSection>
  );
}
