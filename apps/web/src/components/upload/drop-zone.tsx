import { CloudUploadOutlined } from '@ant-design/icons';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import './uploader.css';

interface DropZoneProps {
  /** What was dropped or picked. */
  onFiles: (files: FileList | null) => void;
  /** What the file picker offers. */
  accept: string;
  /**
   * The zone's name. The title alone names it: named by its whole content, the hint included, a
   * screen reader would read the hint twice (once as the name, once as the description).
   */
  title: ReactNode;
  /** The limits, rendered with the id that makes them the zone's description. */
  hint: (id: string) => ReactNode;
  testId: string;
  inputTestId: string;
}

/**
 * Where files come in: a button a keyboard reaches (Enter or Space opens the picker), a drop
 * target that shows when something is dragged over it, and the hidden multiple-file input.
 */
export function DropZone({ onFiles, accept, title, hint, testId, inputTestId }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const titleId = useId();

  const open = () => input.current?.click();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };

  return (
    <>
      <div
        className={dragging ? 'nc-uploader__zone nc-uploader__zone--over' : 'nc-uploader__zone'}
        role="button"
        tabIndex={0}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onClick={open}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={testId}
      >
        <CloudUploadOutlined className="nc-uploader__icon" aria-hidden="true" />
        <span className="nc-uploader__title" id={titleId}>
          {title}
        </span>
        {hint(hintId)}
      </div>
      {/* Beside the drop zone, not in it: an input inside a role=button is a nested control. */}
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        className="nc-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
        data-testid={inputTestId}
      />
    </>
  );
}
